/** The local servers the e2e run starts (playwright.config.ts); unused against a deployment. */
export const consolePort = 3100;
export const localModePort = 3101;
export const receiverPort = 3190;
export const localModeBaseUrl = `http://localhost:${localModePort}`;
/** Signs the e2e servers' session cookies, so tests can forge an expired but well-signed one. */
export const e2eSessionSecret = 'e2e-session-secret-3f9a1c7d5b2e8f4a6c0d9b1e7a3f5c2d';
export const demoAccount = {
  loginId: 'demo',
  password: process.env.E2E_DEMO_PASSWORD ?? 'demo-password',
};
export const authStatePath = 'e2e/.auth/staff.json';
/** A console whose bids are encrypted (PUBNUB_CIPHER_KEY), with its relay on PORT + 1000. */
export const encryptedPort = 3102;
export const encryptedBaseUrl = `http://localhost:${encryptedPort}`;
export const e2eCipherKey = 'e2e-cipher-key-5c1d';
