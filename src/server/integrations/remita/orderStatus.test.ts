import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { orderStatusPath, statusHash } from './protocol';

const sha512 = (text: string) => createHash('sha512').update(text).digest('hex');

describe('orderstatus.reg (docs/remita.md, "Status of an order")', () => {
  it('hashes sha512(orderId + apiKey + merchantId) and puts it in the path', () => {
    const hash = statusHash('RD1ABC2DEF', '1946', '2547916');
    expect(hash).toBe(sha512('RD1ABC2DEF19462547916'));
    expect(orderStatusPath('2547916', 'RD1ABC2DEF', hash)).toBe(
      `/remita/exapp/api/v1/send/api/echannelsvc/2547916/RD1ABC2DEF/${hash}/orderstatus.reg`,
    );
  });
});
