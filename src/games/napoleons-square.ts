export * from './napoleons-square/index.js';
