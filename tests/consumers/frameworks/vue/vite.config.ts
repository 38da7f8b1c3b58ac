import vue from '@vitejs/plugin-vue'
import { defineConfig } from 'vite'

// https://vite.dev/config/
export default defineConfig({
  plugins: [
    // Vue's guide for custom elements: dashed tags are not Vue components.
    vue({ template: { compilerOptions: { isCustomElement: (tag) => tag.includes('-') } } }),
  ],
})
