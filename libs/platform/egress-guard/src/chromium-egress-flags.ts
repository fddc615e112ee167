/**
 * Chromium flags that send every connection of the browser through the guard at `proxyServer`. `<-loopback>`
 * removes Chromium's implicit bypass rules (localhost, loopback and link-local addresses go direct otherwise);
 * WebRTC may only use proxied TCP, and QUIC is off (UDP would not go through an HTTP proxy).
 */
export function chromiumEgressFlags(proxyServer: string): string[] {
  return [
    `--proxy-server=http://${proxyServer}`,
    '--proxy-bypass-list=<-loopback>',
    '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
    '--disable-quic',
  ];
}
