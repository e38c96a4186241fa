// The accounts feature's public face for other features (isomorphic: safe in client and server
// code). Server-side hooks into accounts go through the routes, e.g. the unregister clean-up list
// in src/app/api/users/unregister/route.ts; pages import the components directly.
export { CurrentPasswordSchema, EmailSchema, NewPasswordSchema, normalizeEmail } from './schemas';
