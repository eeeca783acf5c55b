package io.modelgraph.exchange.fetch;

import java.net.URI;
import java.util.Locale;
import java.util.Optional;

/**
 * Decides, hop by hop along one fetch's redirects, whether the repository token goes with the request: only to
 * the host the fetch started at, and never again once a redirect went from https to http, where it would cross
 * the network in clear text (a downgrade on the same host is exactly what an attacker on the path arranges).
 */
final class TokenCarrier {
    private final Optional<String> token;
    private final String host;
    private String previousScheme = "";
    private boolean downgraded;

    TokenCarrier(URI start, Optional<String> token) {
        this.token = token;
        this.host = start.getHost() == null ? "" : start.getHost();
    }

    /** The token to send with the request to {@code hop} (call once per hop, in order). */
    Optional<String> forHop(URI hop) {
        String scheme = hop.getScheme() == null ? "" : hop.getScheme().toLowerCase(Locale.ROOT);
        downgraded |= previousScheme.equals("https") && !scheme.equals("https");
        previousScheme = scheme;
        boolean sameHost = hop.getHost() != null && hop.getHost().equalsIgnoreCase(host);
        return !downgraded && sameHost ? token : Optional.empty();
    }
}
