import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './precompress.js';

const api = process.env.VITE_API_TARGET ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react(), precompress()],
  build: { manifest: true, chunkSizeWarningLimit: 1500 },
  // `npm run dev -w @safety-shield/web` proxies the API to a running portal.
  server: { proxy: { '/v1': { target: api, ws: true }, '/v2': api, '/health': api, '/docs': api, '/objects': api, '/media': api } },
});
