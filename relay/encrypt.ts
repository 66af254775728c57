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
