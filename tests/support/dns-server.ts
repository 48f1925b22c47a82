import dns2 from 'dns2';

// A real DNS server on this machine (dns2, UDP) for the custom-domain checks (decision 100): the
// app's resolver is pointed at it through DNS_SERVERS, and a test publishes TXT records in `txt`.

export type TestDnsServer = { address: string; txt: Map<string, string[]>; stop(): Promise<void> };

export async function startDnsServer(): Promise<TestDnsServer> {
  const txt = new Map<string, string[]>();
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = dns2.Packet.createResponseFromRequest(request);
      for (const question of request.questions) {
        if (question.type !== dns2.Packet.TYPE.TXT) continue;
        for (const data of txt.get(question.name.toLowerCase()) ?? []) {
          response.answers.push(dns2.Packet.createResourceFromQuestion(question, { type: dns2.Packet.TYPE.TXT, class: dns2.Packet.CLASS.IN, ttl: 1, data }));
        }
      }
      send(response);
    },
  });
  // Port 0: the system picks a free one, so parallel test files never collide.
  const addresses = await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  const port = (addresses.udp as { port: number }).port;
  return { address: `127.0.0.1:${port}`, txt, stop: () => server.close() };
}
