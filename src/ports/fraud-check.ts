/**
 * The fraud-check extension port: a pure rule, defined with the order rules that run it.
 * @module
 */
export type { FraudCheck } from '../domain/order/fraud.js';
