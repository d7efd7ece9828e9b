import { createHmac } from 'node:crypto';
import { testJwtSecret } from './testApp.ts';

/** A JWT signed by hand (HMAC), to forge tokens the server must refuse. */
export function forge(payload: object, secret = testJwtSecret, alg: 'HS256' | 'HS512' = 'HS256'): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${part({ alg, typ: 'JWT' })}.${part(payload)}`;
  const signature = createHmac(alg === 'HS256' ? 'sha256' : 'sha512', secret).update(unsigned).digest('base64url');
  return `${unsigned}.${signature}`;
}

/** An unsigned token ("alg": "none"). */
export function unsigned(payload: object): string {
  return `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.`;
}
