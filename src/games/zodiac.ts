export * from './zodiac/index.js';
