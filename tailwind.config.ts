import type { Config } from 'tailwindcss';

const config: Config = {
  content: ['./pages/**/*.{ts,tsx}', './components/**/*.{ts,tsx}', './features/**/*.{ts,tsx}'],
  theme: {
    extend: {
      colors: {
        brand: {
          50: '#eef4ff',
          100: '#dbe6fe',
          500: '#3b6ef5',
          600: '#2553e0',
          700: '#1d42b5',
        },
      },
      width: { sidebar: '196px', 'sidebar-min': '72px' },
    },
  },
  plugins: [],
};

export default config;
