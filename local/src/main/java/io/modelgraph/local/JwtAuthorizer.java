package io.modelgraph.local;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.crypto.RSASSAVerifier;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jwt.SignedJWT;
import java.text.ParseException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Verifies a bearer token the way the HTTP API JWT authorizer does, and hands back the claims the way it
 * passes them to the integration ({@code requestContext.authorizer.jwt.claims}): every value a string,
 * numbers as decimal text, array claims flattened to {@code "[a b]"}.
 *
 * <p>Checks, in order: the {@code Authorization} header holds a token (a {@code Bearer } prefix is
 * stripped); it is a JWS (an unsigned {@code alg: none} token is refused); the algorithm is RS256 (HS*,
 * ES*, PS* refused); the {@code kid} names a key of the JWKS; the signature verifies; {@code exp} is
 * present and in the future; {@code nbf} and {@code iat}, when present, are not in the future; {@code iss}
 * equals the configured issuer; {@code aud} (or, without it, {@code client_id}) contains the configured
 * audience.
 */
public final class JwtAuthorizer {

    /** A refused token; the message says why (AWS itself answers only {@code {"message":"Unauthorized"}}). */
    public static final class Refused extends Exception {
        Refused(String message) {
            super(message, null, false, false);
        }
    }

    private final JWKSet keys;
    private final String issuer;
    private final String audience;
    private final Clock clock;

    public JwtAuthorizer(JWKSet keys, String issuer, String audience, Clock clock) {
        this.keys = keys;
        this.issuer = issuer;
        this.audience = audience;
        this.clock = clock;
    }

    /** The claims of a valid token from the {@code Authorization} header's value. */
    public Map<String, String> verify(Optional<String> authorization) throws Refused {
        String token = authorization.map(String::trim).orElse("");
        if (token.regionMatches(true, 0, "Bearer ", 0, 7)) {
            token = token.substring(7).trim();
        } else if (token.matches("(?s)[A-Za-z][A-Za-z0-9_-]*\\s+\\S.*")) {
            // "Token <jwt>", "JWT <jwt>", "Basic ...": a scheme other than Bearer, named rather than parsed as a JWT
            String scheme = token.substring(0, token.indexOf(' ') < 0 ? token.indexOf('\t') : token.indexOf(' '));
            throw new Refused("The Authorization scheme is '" + scheme + "'; send 'Authorization: Bearer "
                    + "<ACCESS_TOKEN>' (the /v1/{projectId}/integrations routes take an API key the same way: 'Authorization:"
                    + " Bearer <API_KEY>').");
        }
        if (token.isEmpty()) {
            throw new Refused("Missing bearer token: send 'Authorization: Bearer <ACCESS_TOKEN>'.");
        }
        SignedJWT jwt;
        try {
            jwt = SignedJWT.parse(token);
        } catch (ParseException e) {
            throw new Refused("The bearer token is not a signed JWT (" + e.getMessage() + ").");
        }
        JWSAlgorithm alg = jwt.getHeader().getAlgorithm();
        if (!JWSAlgorithm.RS256.equals(alg)) {
            throw new Refused("The bearer token is signed with " + alg + "; only RS256 is accepted.");
        }
        String kid = jwt.getHeader().getKeyID();
        JWK jwk = kid == null ? null : keys.getKeyByKeyId(kid);
        if (!(jwk instanceof RSAKey)) {
            throw new Refused("The bearer token's signing key (kid " + kid + ") is not in the issuer's JWKS. A token "
                    + "minted by 'token' with another --data-dir than the server's is signed by another key: run "
                    + "'token' with the server's --data-dir (the server prints it at start).");
        }
        try {
            if (!jwt.verify(new RSASSAVerifier((RSAKey) jwk))) {
                throw new Refused("The bearer token's signature is not valid.");
            }
        } catch (JOSEException e) {
            throw new Refused("The bearer token's signature could not be verified (" + e.getMessage() + ").");
        }
        Map<String, Object> claims;
        try {
            claims = jwt.getJWTClaimsSet().toJSONObject();
        } catch (ParseException e) {
            throw new Refused("The bearer token's claims are not a JSON object.");
        }
        long now = clock.instant().getEpochSecond();
        Optional<Long> exp = seconds(claims, "exp");
        if (exp.isEmpty()) {
            throw new Refused("The bearer token has no 'exp' claim.");
        }
        if (exp.get() <= now) {
            throw new Refused("The bearer token has expired.");
        }
        Optional<Long> nbf = seconds(claims, "nbf");
        if (nbf.isPresent() && nbf.get() > now) {
            throw new Refused("The bearer token is not valid yet ('nbf' is in the future).");
        }
        Optional<Long> iat = seconds(claims, "iat");
        if (iat.isPresent() && iat.get() > now) {
            throw new Refused("The bearer token was issued in the future ('iat').");
        }
        if (!issuer.equals(claims.get("iss"))) {
            throw new Refused("The bearer token's issuer '" + claims.get("iss") + "' is not '" + issuer + "'.");
        }
        Object aud = claims.containsKey("aud") ? claims.get("aud") : claims.get("client_id");
        if (!values(aud).contains(audience)) {
            throw new Refused("The bearer token's audience " + values(aud) + " does not include '" + audience + "'.");
        }
        return flatten(claims);
    }

    /** Claims as API Gateway hands them to the integration: strings, arrays as {@code "[a b]"}. */
    static Map<String, String> flatten(Map<String, Object> claims) {
        Map<String, String> out = new LinkedHashMap<>();
        claims.forEach((name, value) -> {
            if (value != null) {
                out.put(name, text(value));
            }
        });
        return out;
    }

    private static String text(Object value) {
        if (value instanceof Collection<?>) {
            return ((Collection<?>) value).stream().map(JwtAuthorizer::text).collect(Collectors.joining(" ", "[", "]"));
        }
        if (value instanceof Map<?, ?>) {
            return io.modelgraph.json.Json.write(value);
        }
        return String.valueOf(value);
    }

    private static List<String> values(Object claim) {
        List<String> out = new ArrayList<>();
        if (claim instanceof Collection<?>) {
            ((Collection<?>) claim).forEach(v -> out.add(String.valueOf(v)));
        } else if (claim != null) {
            out.add(String.valueOf(claim));
        }
        return out;
    }

    private static Optional<Long> seconds(Map<String, Object> claims, String name) {
        Object value = claims.get(name);
        if (value instanceof Number) {
            return Optional.of(((Number) value).longValue());
        }
        return Optional.empty();
    }
}
