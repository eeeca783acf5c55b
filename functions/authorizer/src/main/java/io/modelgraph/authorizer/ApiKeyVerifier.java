package io.modelgraph.authorizer;

import io.modelgraph.auth.ApiKeyRecord;
import io.modelgraph.auth.ApiKeyStore;
import io.modelgraph.auth.ApiKeys;
import io.modelgraph.auth.Authenticator;
import io.modelgraph.log.JsonLog;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;

/**
 * Decides what an {@code Authorization: Bearer <API_KEY>} header grants: one GetItem by the key's
 * SHA-256, then the checks. The outcome is a context map for the route handler: project, role and key id,
 * or a {@code denied} reason that the handler answers with 401 in the route's envelope.
 */
public final class ApiKeyVerifier {
    private static final JsonLog LOG = JsonLog.of(ApiKeyVerifier.class);
    private final ApiKeyStore store;
    private final Clock clock;

    public ApiKeyVerifier(ApiKeyStore store, Clock clock) {
        this.store = store;
        this.clock = clock;
    }

    public Map<String, String> verify(Optional<String> authorization, Optional<String> pathProjectId) {
        if (authorization.isEmpty() || authorization.get().isBlank()) {
            return denied("Missing API key: send 'Authorization: Bearer <API_KEY>'.");
        }
        String header = authorization.get().trim();
        if (!header.regionMatches(true, 0, "Bearer ", 0, 7)) {
            return denied("The Authorization header must read 'Bearer <API_KEY>'.");
        }
        String key = header.substring(7).trim();
        if (!ApiKeys.looksLikeKey(key)) {
            // a user's access token (a JWT: three dot-separated parts) sent where only API keys are read
            return denied(key.chars().filter(c -> c == '.').count() == 2
                    ? "This route takes an API key, not a user access token: send 'Authorization: Bearer <API_KEY>'"
                            + " with a key from POST /v1/{projectId}/apiKeys (keys start with '" + ApiKeys.PREFIX
                            + "')."
                    : "The API key is malformed: API keys start with '" + ApiKeys.PREFIX + "' (POST"
                            + " /v1/{projectId}/apiKeys creates one).");
        }
        String hash = ApiKeyStore.sha256(key);
        Optional<ApiKeyRecord> found = store.findByHash(hash);
        if (found.isEmpty()) {
            return denied("The API key is not valid.");
        }
        ApiKeyRecord record = found.get();
        if (record.revoked()) {
            return denied("The API key has been revoked.");
        }
        if (pathProjectId.isPresent() && !pathProjectId.get().equals(record.projectId())) {
            return denied("The API key grants no role on project " + pathProjectId.get() + ".");
        }
        touchBestEffort(hash, record);
        return Map.of(Authenticator.CTX_PROJECT, record.projectId(), Authenticator.CTX_ROLE, record.role().name(),
                Authenticator.CTX_KEY_ID, record.keyId());
    }

    /**
     * "Last used" is bookkeeping: a throttled or failed write must not refuse a key that verified, so the
     * failure is logged and the grant stands.
     */
    private void touchBestEffort(String hash, ApiKeyRecord record) {
        try {
            store.touch(hash, clock.instant());
        } catch (RuntimeException e) {
            LOG.warn("Could not record the API key's last use; the key is granted anyway",
                    Map.of("keyId", record.keyId(), "error", e.getClass().getSimpleName()));
        }
    }

    private static Map<String, String> denied(String reason) {
        return Map.of(Authenticator.CTX_DENIED, reason);
    }
}
