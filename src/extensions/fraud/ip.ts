/**
 * The built-in fraud check: an IP block list (OpenCart's `fraud/ip`). An order placed from a listed IP, or
 * forwarded for one, is moved to the configured status instead of the requested one.
 * @module
 */
import type { OrderRecord } from '../../domain/records/order.js';
import type { FraudCheck } from '../../ports/fraud-check.js';

/** Settings of {@link createIpFraudCheck}. */
export interface IpFraudCheckConfig {
  /** The blocked addresses, compared exactly (`203.0.113.7`, `2001:db8::1`). */
  readonly ips: readonly string[];
  /** The status a blocked order gets (OpenCart's `fraud_ip_order_status_id`; the demo's `config_fraud_status_id`). */
  readonly orderStatusId: number;
}

/** A {@link FraudCheck} that flags orders whose client IP or forwarded IP is on the block list. */
export function createIpFraudCheck(config: IpFraudCheckConfig): FraudCheck {
  const blocked = new Set(config.ips.map((ip) => ip.trim().toLowerCase()).filter((ip) => ip !== ''));
  const listed = (ip: string) => ip !== '' && blocked.has(ip.trim().toLowerCase());
  return {
    code: 'ip',
    check: (order: OrderRecord) =>
      listed(order.client.ip) || listed(order.client.forwardedIp) ? config.orderStatusId : null,
  };
}
