package io.modelgraph.exchange.fetch;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Optional;

/**
 * Which addresses a merge may fetch from: public unicast only. Refuses unspecified, loopback (unless allowed for
 * local runs and tests), private (10/8, 172.16/12, 192.168/16, 100.64/10 shared, fc00::/7), link-local
 * (169.254/16 with the 169.254.169.254 instance-metadata address, fe80::/10), multicast and broadcast addresses,
 * benchmarking (198.18/15), reserved (240/4), protocol assignments (192.0.0/24), IPv6 forms that embed a refused
 * IPv4 address (IPv4-mapped, NAT64), and IPv6 tunnels to IPv4 (6to4, Teredo, local-use NAT64). Why: a merge URL is caller input, and
 * without this a caller could make the function read the cloud metadata service or internal hosts.
 */
public record AddressPolicy(boolean allowLoopback) {

    /** Why the address is refused, or empty when it may be used. */
    public Optional<String> refusal(InetAddress address) {
        if (address instanceof Inet6Address v6) {
            Optional<String> tunnel = tunnel(v6.getAddress());
            if (tunnel.isPresent()) {
                return tunnel;
            }
            Optional<InetAddress> embedded = embeddedV4(v6.getAddress());
            if (embedded.isPresent()) {
                return refusal(embedded.get());
            }
        }
        if (address.isAnyLocalAddress()) {
            return Optional.of("an unspecified address");
        }
        if (address.isLoopbackAddress()) {
            return allowLoopback ? Optional.empty() : Optional.of("a loopback address");
        }
        byte[] b = address.getAddress();
        if (address instanceof Inet4Address) {
            int first = b[0] & 0xff;
            int second = b[1] & 0xff;
            if ((first == 169 && second == 254 && (b[2] & 0xff) == 169 && (b[3] & 0xff) == 254)) {
                return Optional.of("the cloud instance-metadata address");
            }
            if (first == 0) {
                return Optional.of("an unspecified address (0.0.0.0/8)");
            }
            if (first == 255 && second == 255 && (b[2] & 0xff) == 255 && (b[3] & 0xff) == 255) {
                return Optional.of("the broadcast address");
            }
            if (first == 100 && (second & 0xc0) == 64) {
                return Optional.of("a private address (100.64.0.0/10)");
            }
            if (first == 198 && (second & 0xfe) == 18) {
                return Optional.of("a benchmarking address (198.18.0.0/15)");
            }
            if ((first & 0xf0) == 240) {
                return Optional.of("a reserved address (240.0.0.0/4)");
            }
            if (first == 192 && second == 0 && (b[2] & 0xff) == 0) {
                return Optional.of("a protocol-assignment address (192.0.0.0/24)");
            }
        } else if ((b[0] & 0xfe) == 0xfc) {
            return Optional.of("a private address (fc00::/7)");
        }
        if (address.isLinkLocalAddress()) {
            return Optional.of("a link-local address");
        }
        if (address.isSiteLocalAddress()) {
            return Optional.of("a private address");
        }
        if (address.isMulticastAddress()) {
            return Optional.of("a multicast address");
        }
        return Optional.empty();
    }

    /**
     * IPv6 ranges that carry IPv4 traffic to an address the policy cannot see (or is local to a network):
     * 6to4 (2002::/16) and Teredo (2001::/32) reach an embedded or relayed IPv4 host, and local-use NAT64
     * (64:ff9b:1::/48) translates to the operator's own IPv4 space. Refused whole.
     */
    private static Optional<String> tunnel(byte[] b) {
        int w0 = ((b[0] & 0xff) << 8) | (b[1] & 0xff);
        int w1 = ((b[2] & 0xff) << 8) | (b[3] & 0xff);
        int w2 = ((b[4] & 0xff) << 8) | (b[5] & 0xff);
        if (w0 == 0x2002) {
            return Optional.of("a 6to4 tunnel address (2002::/16)");
        }
        if (w0 == 0x2001 && w1 == 0) {
            return Optional.of("a Teredo tunnel address (2001::/32)");
        }
        if (w0 == 0x0064 && w1 == 0xff9b && w2 == 0x0001) {
            return Optional.of("a local-use NAT64 address (64:ff9b:1::/48)");
        }
        return Optional.empty();
    }

    /** The IPv4 address inside ::ffff:a.b.c.d, ::a.b.c.d or 64:ff9b::a.b.c.d; empty for other IPv6 addresses. */
    private static Optional<InetAddress> embeddedV4(byte[] b) {
        boolean mapped = true;
        for (int i = 0; i < 10; i++) {
            mapped &= b[i] == 0;
        }
        boolean compatible = mapped && b[10] == 0 && b[11] == 0;
        mapped &= (b[10] & 0xff) == 0xff && (b[11] & 0xff) == 0xff;
        boolean nat64 = (b[0] & 0xff) == 0x00 && (b[1] & 0xff) == 0x64 && (b[2] & 0xff) == 0xff && (b[3] & 0xff) == 0x9b;
        for (int i = 4; nat64 && i < 12; i++) {
            nat64 = b[i] == 0;
        }
        // ::1 and :: are themselves loopback/unspecified, not an embedded IPv4 address
        boolean tiny = compatible && b[12] == 0 && b[13] == 0 && b[14] == 0 && ((b[15] & 0xff) <= 1);
        if ((mapped || compatible || nat64) && !tiny) {
            try {
                return Optional.of(InetAddress.getByAddress(new byte[] {b[12], b[13], b[14], b[15]}));
            } catch (UnknownHostException e) {
                return Optional.empty();
            }
        }
        return Optional.empty();
    }
}
