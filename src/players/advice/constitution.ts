export { constitutionAdvice } from '../../games/constitution/advice.js';
