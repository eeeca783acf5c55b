package io.modelgraph.auth;

import io.modelgraph.api.ApiProblem;
import java.time.Clock;
import java.util.Map;

/**
 * Turns what the gateway's authorizer passed along into a {@link Caller}. Signature, issuer and
 * audience are checked by the authorizer; this class still refuses a token whose {@code exp} has
 * passed, so a cached or replayed event cannot outlive its token.
 */
public final class Authenticator {
    /** Keys of the API-key authorizer's context (see functions/authorizer). */
    public static final String CTX_PROJECT = "projectId";
    public static final String CTX_ROLE = "role";
    public static final String CTX_KEY_ID = "keyId";
    public static final String CTX_DENIED = "denied";
    /** The authorizer could not verify the key (store unavailable): the route answers a fatal 500, not 401. */
    public static final String CTX_FAULT = "fault";

    private final Clock clock;

    public Authenticator(Clock clock) {
        this.clock = clock;
    }

    public Caller fromJwtClaims(Map<String, String> claims) {
        if (claims == null || claims.isEmpty()) {
            throw ApiProblem.unauthorized("Missing bearer token: send 'Authorization: Bearer <ACCESS_TOKEN>'.");
        }
        String exp = claims.get("exp");
        if (exp != null) {
            try {
                if (Long.parseLong(exp.trim()) <= clock.instant().getEpochSecond()) {
                    throw ApiProblem.unauthorized("The bearer token has expired.");
                }
            } catch (NumberFormatException e) {
                throw ApiProblem.unauthorized("The bearer token's 'exp' claim is not a number.");
            }
        }
        String subject = claims.getOrDefault("sub", "");
        if (subject.isBlank()) {
            throw ApiProblem.unauthorized("The bearer token has no subject ('sub' claim).");
        }
        return new Caller(subject, CredentialKind.JWT, RoleClaim.parse(claims.get(RoleClaim.NAME)));
    }

    public Caller fromApiKeyContext(Map<String, Object> context) {
        if (context == null || context.isEmpty()) {
            throw ApiProblem.unauthorized("Missing API key: send 'Authorization: Bearer <API_KEY>'.");
        }
        Object fault = context.get(CTX_FAULT);
        if (fault != null && !String.valueOf(fault).isBlank()) {
            throw new IllegalStateException("The authorizer could not verify the API key: " + fault);
        }
        Object denied = context.get(CTX_DENIED);
        if (denied != null && !String.valueOf(denied).isBlank()) {
            throw ApiProblem.unauthorized(String.valueOf(denied));
        }
        String project = String.valueOf(context.getOrDefault(CTX_PROJECT, ""));
        var role = Role.parse(String.valueOf(context.getOrDefault(CTX_ROLE, "")));
        String keyId = String.valueOf(context.getOrDefault(CTX_KEY_ID, ""));
        if (!ProjectId.isValid(project) || role.isEmpty() || keyId.isBlank()) {
            throw ApiProblem.unauthorized("The API key could not be verified.");
        }
        return new Caller("apikey:" + keyId, CredentialKind.API_KEY, Map.of(project, role.get()));
    }
}
