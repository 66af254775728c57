import PubNub from 'pubnub';

/**
 * Encrypts payloads as a PubNub client with this cipher key publishes them: AES-256-CBC through
 * the SDK's crypto module (PNED header, random 16-byte IV), sent as a base64 string.
 */
export function payloadEncrypter(cipherKey: string) {
  const cryptoModule = PubNub.CryptoModule!.aesCbcCryptoModule({ cipherKey });
  return (payload: unknown): string => {
    const encrypted = cryptoModule.encrypt(JSON.stringify(payload));
    return typeof encrypted === 'string' ? encrypted : Buffer.from(encrypted).toString('base64');
  };
}

/**
 * Reads back a payload encrypted with this cipher key (a base64 string, as published): the
 * message, or null for one it cannot decrypt or parse. Payloads that are not strings are
 * returned as they are.
 */
export function payloadDecrypter(cipherKey: string) {
  const cryptoModule = PubNub.CryptoModule!.aesCbcCryptoModule({ cipherKey });
  return (payload: unknown): unknown => {
    if (typeof payload !== 'string') return payload;
    try {
      const decrypted = cryptoModule.decrypt(payload);
      if (!(decrypted instanceof ArrayBuffer)) return decrypted;
      return JSON.parse(new TextDecoder().decode(decrypted)) as unknown;
    } catch {
      return null;
    }
  };
}

/** Both ways with one cipher key: what the simulator publishes, and what it reads back. */
export function payloadCodec(cipherKey: string) {
  return { encode: payloadEncrypter(cipherKey), decode: payloadDecrypter(cipherKey) };
}
