// A self-signed certificate for 127.0.0.1 and localhost (valid until 2125), only for loopback TLS fixtures.
// It is deliberately untrusted: clients that verify certificates must reject it.

/** PEM private key of the fixture certificate. */
export const FIXTURE_TLS_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgJaoVDDu8xVjkq1AY
qRQGh1jZ9kvFMWAKbBKKXlpdR4KhRANCAARidZH3gKC4hh4RrziQRO5u1xVfAJR1
V4aGQQzDcTSHPZ0PsAEhR6SMJzPGlMSlECqrH/o0khbXHtgXfvb2KEWw
-----END PRIVATE KEY-----
`;

/** PEM self-signed certificate for 127.0.0.1 and localhost. */
export const FIXTURE_TLS_CERT = `-----BEGIN CERTIFICATE-----
MIIBrTCCAVOgAwIBAgIUR4fyVnC3cvzKF1Pm1QKpgAgblSQwCgYIKoZIzj0EAwIw
HTEbMBkGA1UEAwwSd2ViaGFydmVzdCBmaXh0dXJlMCAXDTI2MTEyMjA4MDgyN1oY
DzIxMjYxMDI5MDgwODI3WjAdMRswGQYDVQQDDBJ3ZWJoYXJ2ZXN0IGZpeHR1cmUw
WTATBgcqhkjOPQIBBggqhkjOPQMBBwNCAARidZH3gKC4hh4RrziQRO5u1xVfAJR1
V4aGQQzDcTSHPZ0PsAEhR6SMJzPGlMSlECqrH/o0khbXHtgXfvb2KEWwo28wbTAd
BgNVHQ4EFgQUHExVi78XfCMddlVUvHNxoYwRn8wwHwYDVR0jBBgwFoAUHExVi78X
fCMddlVUvHNxoYwRn8wwDwYDVR0TAQH/BAUwAwEB/zAaBgNVHREEEzARhwR/AAAB
gglsb2NhbGhvc3QwCgYIKoZIzj0EAwIDSAAwRQIhAJF6/wUpnmESqp8nylVMelKv
iUXlpxyDQGvkcCIoW+EDAiA8kX62XykiK2027SBidEI9BpLaecgIxdzWqxu4ZmZU
nQ==
-----END CERTIFICATE-----
`;
