/** Messages one client connection sent to the server (in) and the server delivered to it (out). */
export interface ClientMessages {
  inMsgs: number;
  outMsgs: number;
}

/** Counters of a nats-server's monitoring endpoint: every message and byte it took in and sent out. */
export interface NatsTraffic {
  inMsgs: number;
  outMsgs: number;
  inBytes: number;
  outBytes: number;
  /** By connection name (the service); what the server's own clients (JetStream's acks, stores) move is not here. */
  byClient: Map<string, ClientMessages>;
}

export async function natsTraffic(monitorUrl: string): Promise<NatsTraffic> {
  const [varz, connz] = await Promise.all([
    fetch(`${monitorUrl}/varz`).then(
      async (response) =>
        (await response.json()) as { in_msgs: number; out_msgs: number; in_bytes: number; out_bytes: number },
    ),
    fetch(`${monitorUrl}/connz?limit=1024`).then(
      async (response) =>
        (await response.json()) as { connections?: { name?: string; in_msgs: number; out_msgs: number }[] },
    ),
  ]);
  const byClient = new Map<string, ClientMessages>();
  for (const connection of connz.connections ?? []) {
    const name = connection.name ?? 'unnamed';
    const seen = byClient.get(name) ?? { inMsgs: 0, outMsgs: 0 };
    byClient.set(name, { inMsgs: seen.inMsgs + connection.in_msgs, outMsgs: seen.outMsgs + connection.out_msgs });
  }
  return {
    inMsgs: varz.in_msgs,
    outMsgs: varz.out_msgs,
    inBytes: varz.in_bytes,
    outBytes: varz.out_bytes,
    byClient,
  };
}

export function trafficBetween(before: NatsTraffic, after: NatsTraffic): NatsTraffic {
  const byClient = new Map<string, ClientMessages>();
  for (const [name, counts] of after.byClient) {
    const earlier = before.byClient.get(name) ?? { inMsgs: 0, outMsgs: 0 };
    byClient.set(name, { inMsgs: counts.inMsgs - earlier.inMsgs, outMsgs: counts.outMsgs - earlier.outMsgs });
  }
  return {
    inMsgs: after.inMsgs - before.inMsgs,
    outMsgs: after.outMsgs - before.outMsgs,
    inBytes: after.inBytes - before.inBytes,
    outBytes: after.outBytes - before.outBytes,
    byClient,
  };
}
