export * from './sympathie/index.js';
