import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    port: 5173,
    proxy: { '/v1': apiTarget, '/docs': apiTarget, '/dev': apiTarget, '/uploads': apiTarget },
  },
  // No source maps in the production build: the server would serve them to anyone.
  build: { outDir: 'dist', sourcemap: false },
});
