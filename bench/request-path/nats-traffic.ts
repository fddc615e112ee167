/** Counters of a nats-server's monitoring endpoint: every message and byte it took in and sent out. */
export interface NatsTraffic {
  inMsgs: number;
  outMsgs: number;
  inBytes: number;
  outBytes: number;
}

export async function natsTraffic(monitorUrl: string): Promise<NatsTraffic> {
  const response = await fetch(`${monitorUrl}/varz`);
  const varz = (await response.json()) as { in_msgs: number; out_msgs: number; in_bytes: number; out_bytes: number };
  return { inMsgs: varz.in_msgs, outMsgs: varz.out_msgs, inBytes: varz.in_bytes, outBytes: varz.out_bytes };
}

export function trafficBetween(before: NatsTraffic, after: NatsTraffic): NatsTraffic {
  return {
    inMsgs: after.inMsgs - before.inMsgs,
    outMsgs: after.outMsgs - before.outMsgs,
    inBytes: after.inBytes - before.inBytes,
    outBytes: after.outBytes - before.outBytes,
  };
}
