import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      // The data model lives with the functions so their deploy stays self-contained; the web bundles it.
      '@model': fileURLToPath(new URL('../functions/src/model', import.meta.url)),
    },
  },
  build: { target: 'es2022', sourcemap: true },
});
