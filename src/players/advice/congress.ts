export { congressAdvice } from '../../games/congress/advice.js';
