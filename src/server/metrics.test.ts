import { describe, expect, it } from 'vitest';

import { observeRequest, observeSearch, renderMetrics } from './metrics';

describe('the hot-path histograms', () => {
  it('print as Prometheus histograms: cumulative buckets, +Inf, sum and count per label set', async () => {
    observeRequest('/api/orders/[id]', 'GET', 200, 0.004);
    observeRequest('/api/orders/[id]', 'GET', 201, 0.3);
    observeRequest('/api/orders/[id]', 'POST', 503, 20);
    observeSearch('name_2', 0.0004);
    const { body, contentType } = await renderMetrics();
    expect(contentType).toMatch(/^text\/plain/);
    expect(body).toContain('# TYPE hojin_http_request_duration_seconds histogram');
    const get = (le: string) =>
      new RegExp(
        `^hojin_http_request_duration_seconds_bucket\\{route="/api/orders/\\[id\\]",method="GET",status="2xx",le="${le}"\\} (\\d+)$`,
        'm',
      ).exec(body)?.[1];
    expect([get('0.005'), get('0.25'), get('0.5'), get('\\+Inf')]).toEqual(['1', '1', '2', '2']);
    expect(body).toMatch(/^hojin_http_request_duration_seconds_sum\{route="\/api\/orders\/\[id\]",method="GET",status="2xx"\} 0\.304$/m);
    expect(body).toMatch(/^hojin_http_request_duration_seconds_count\{route="\/api\/orders\/\[id\]",method="POST",status="5xx"\} 1$/m);
    expect(body).toMatch(
      /^hojin_http_request_duration_seconds_bucket\{route="\/api\/orders\/\[id\]",method="POST",status="5xx",le="10"\} 0$/m,
    );
    expect(body).toMatch(/^hojin_search_duration_seconds_bucket\{class="name_2",le="0.0005"\} 1$/m);
  });
});
