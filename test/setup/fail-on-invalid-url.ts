// Node's DEP0170 ("The URL http://[::1 is invalid") is printed when its legacy url.parse reads a
// URL with an invalid host or port: a hostile client's request target reaching Koa's ctx.path
// (main/server/middleware/json-errors.ts refuses those first), or a URL built from an IPv6 host
// without brackets. Either is a defect, so a test file during which Node prints it fails.
import { afterAll, expect } from 'vitest';

const invalidUrls: string[] = [];
process.on('warning', (warning: Error & { code?: string }) => {
  if (warning.code === 'DEP0170') invalidUrls.push(warning.message);
});

afterAll(() => {
  expect(invalidUrls, 'Node warned of an invalid URL given to url.parse (DEP0170)').toEqual([]);
});
