package io.modelgraph.http;

import io.modelgraph.api.EnvelopeStyle;
import io.modelgraph.auth.CredentialKind;
import io.modelgraph.auth.Role;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One route: method and path template as API Gateway writes them ({@code GET /v1/{projectId}/fetchNode}),
 * the envelope it answers in, how its caller authenticates and the least role it needs.
 * {@code minimumRole} empty means any authenticated caller (no project in the path).
 */
public record Route(String method, String template, EnvelopeStyle style, CredentialKind credential,
        Optional<Role> minimumRole, boolean negotiatesContentType, RouteInputs inputs, Operation operation) {

    public String routeKey() {
        return method + " " + template;
    }

    public boolean projectScoped() {
        return template.contains("{projectId}");
    }

    /** Matches a concrete path; returns the path parameters, or empty when it does not match. */
    public Optional<Map<String, String>> match(String method, String path) {
        if (!this.method.equals(method)) {
            return Optional.empty();
        }
        List<String> want = segments(template);
        List<String> got = segments(path);
        if (want.size() != got.size()) {
            return Optional.empty();
        }
        Map<String, String> params = new LinkedHashMap<>();
        for (int i = 0; i < want.size(); i++) {
            String w = want.get(i);
            if (w.startsWith("{") && w.endsWith("}")) {
                if (got.get(i).isEmpty()) {
                    return Optional.empty();
                }
                params.put(w.substring(1, w.length() - 1), decode(got.get(i)));
            } else if (!w.equals(got.get(i))) {
                return Optional.empty();
            }
        }
        return Optional.of(params);
    }

    private static String decode(String segment) {
        return PercentDecoding.segment(segment).orElse(segment);
    }

    /**
     * The first path parameter of {@code path} (which this route matches) that is not percent-encoded UTF-8: a
     * decoder that replaced the bytes would hand the operation an id the caller never sent.
     */
    public Optional<String> undecodable(String path) {
        List<String> want = segments(template);
        List<String> got = segments(path);
        for (int i = 0; i < want.size() && i < got.size(); i++) {
            String w = want.get(i);
            if (w.startsWith("{") && w.endsWith("}") && PercentDecoding.segment(got.get(i)).isEmpty()) {
                return Optional.of(w.substring(1, w.length() - 1));
            }
        }
        return Optional.empty();
    }

    private static List<String> segments(String path) {
        List<String> out = new ArrayList<>();
        for (String s : path.split("/")) {
            if (!s.isEmpty()) {
                out.add(s);
            }
        }
        return out;
    }

    // ---- builders, so a router reads as a table -------------------------------------------------

    public static Builder v1(String method, String template) {
        return new Builder(method, template, EnvelopeStyle.V1);
    }

    public static Builder graph(String method, String template) {
        return new Builder(method, template, EnvelopeStyle.TRANSFORM);
    }

    public static final class Builder {
        private final String method;
        private final String template;
        private final EnvelopeStyle style;
        private CredentialKind credential = CredentialKind.JWT;
        private boolean negotiate;
        private List<String> query = List.of();
        private List<String> body = List.of();
        private final Map<String, String> refused = new LinkedHashMap<>();
        private boolean open;
        private Optional<RouteInputs.Missing> missing = Optional.empty();

        private Builder(String method, String template, EnvelopeStyle style) {
            this.method = method;
            this.template = template;
            this.style = style;
        }

        public Builder apiKey() {
            this.credential = CredentialKind.API_KEY;
            return this;
        }

        /** Answer in whichever of application/json, text/json, text/plain the caller accepts. */
        public Builder negotiated() {
            this.negotiate = true;
            return this;
        }

        /** The query parameters this route reads; any other is refused before the operation runs. */
        public Builder query(String... names) {
            this.query = List.of(names);
            return this;
        }

        /** The top-level body members this route reads; any other is refused before the operation runs. */
        public Builder body(String... names) {
            this.body = List.of(names);
            return this;
        }

        /** A member the route cannot change: refused with this reason instead of being ignored. */
        public Builder refuses(String name, String reason) {
            this.refused.put(name, reason);
            return this;
        }

        /** The specification's message (at {@code path}) for a body lacking one of {@code required}. */
        public Builder whenMissing(String path, String message, String... required) {
            this.missing = Optional.of(new RouteInputs.Missing(path, message, List.of(required)));
            return this;
        }

        /** Accept any names (test probes that echo their input). */
        public Builder openInputs() {
            this.open = true;
            return this;
        }

        private RouteInputs inputs() {
            return new RouteInputs(query, body, refused, open, missing);
        }

        public Route role(Role role, Operation operation) {
            return new Route(method, template, style, credential, Optional.of(role), negotiate, inputs(), operation);
        }

        public Route anyCaller(Operation operation) {
            return new Route(method, template, style, credential, Optional.empty(), negotiate, inputs(), operation);
        }
    }
}
