export { type Figure, FigureCards, type FigureCardsProps } from './figure-cards';
