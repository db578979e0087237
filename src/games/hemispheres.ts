export * from './hemispheres/index.js';
