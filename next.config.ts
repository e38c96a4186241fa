import type { NextConfig } from 'next';

import { SECURITY_HEADERS } from './src/lib/security-headers';

const nextConfig: NextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // Native and WebAssembly server packages load from node_modules at run time, unbundled.
  serverExternalPackages: [
    '@electric-sql/pglite',
    'better-sqlite3',
    'pg',
    'pino',
    '@node-rs/argon2',
    'pdfkit',
    'nodemailer',
    'rate-limiter-flexible',
  ],
  // spec §9: image widths 640 to 3840.
  images: { deviceSizes: [640, 750, 828, 1080, 1200, 1920, 2048, 3840], formats: ['image/webp'] },
  // The build checks the app only; `npm run typecheck` (part of `npm test`) checks everything.
  typescript: { ignoreBuildErrors: false, tsconfigPath: 'tsconfig.build.json' },
  async headers() {
    return [
      {
        source: '/:path*',
        headers: [...SECURITY_HEADERS],
      },
    ];
  },
};

export default nextConfig;
