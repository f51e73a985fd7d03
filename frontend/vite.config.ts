import react from '@vitejs/plugin-react';
import { loadEnv } from 'vite';
import { defineConfig } from 'vitest/config';

const DEFAULT_GATEWAY_URL = 'http://127.0.0.1:8080';
const PROXIED_PREFIXES = ['/api', '/upload', '/files'];

export default defineConfig(({ mode }) => {
  const fileEnv = loadEnv(mode, import.meta.dirname, '');
  const gatewayUrl = process.env.GATEWAY_URL ?? fileEnv.GATEWAY_URL ?? DEFAULT_GATEWAY_URL;
  // Production builds sign in with Google unless told otherwise, so the emulator dialog never ships by accident.
  const authMode = fileEnv.VITE_AUTH_MODE || (mode === 'production' ? 'firebase' : 'emulator');
  const proxy = Object.fromEntries(
    PROXIED_PREFIXES.map((prefix) => [prefix, { target: gatewayUrl, changeOrigin: false }]),
  );

  return {
    plugins: [react()],
    resolve: { alias: { '@': `${import.meta.dirname}/src` } },
    define: {
      'import.meta.env.VITE_AUTH_MODE': JSON.stringify(authMode),
    },
    server: { host: '127.0.0.1', port: 5173, proxy },
    preview: { host: '127.0.0.1', port: 4173, proxy },
    build: { sourcemap: true },
    test: {
      name: 'frontend',
      environment: 'jsdom',
      include: ['src/**/*.spec.{ts,tsx}'],
      setupFiles: ['./src/testing/setup.ts'],
    },
  };
});
