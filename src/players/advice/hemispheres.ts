export { hemispheresAdvice } from '../../games/hemispheres/advice.js';
