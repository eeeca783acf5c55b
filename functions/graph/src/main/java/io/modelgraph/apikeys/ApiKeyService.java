package io.modelgraph.apikeys;

import io.modelgraph.api.ApiProblem;
import io.modelgraph.auth.ApiKeyRecord;
import io.modelgraph.auth.ApiKeyStore;
import io.modelgraph.auth.ApiKeys;
import io.modelgraph.auth.Role;
import java.time.Clock;
import java.util.List;
import java.util.Optional;

/** Creates, lists and revokes a project's API keys. The key itself is returned once and never stored. */
public final class ApiKeyService {
    public static final int MAX_LABEL = 200;

    private final ApiKeyStore store;
    private final Clock clock;

    public ApiKeyService(ApiKeyStore store, Clock clock) {
        this.store = store;
        this.clock = clock;
    }

    public record Created(String id, String key, String label, Role role, String createdAt) {
    }

    public Created create(String projectId, String label, Role role, String subject) {
        if (label.length() > MAX_LABEL) {
            throw ApiProblem.badRequest("body.label", "'label' must be at most " + MAX_LABEL + " characters.");
        }
        String key = ApiKeys.newKey();
        String id = ApiKeys.newKeyId();
        var now = clock.instant();
        store.create(ApiKeyStore.sha256(key), new ApiKeyRecord(id, projectId, role, label, now, subject,
                Optional.empty(), false, Optional.empty()));
        return new Created(id, key, label, role, now.toString());
    }

    public List<ApiKeyRecord> list(String projectId) {
        return store.list(projectId);
    }

    public void revoke(String projectId, String keyId) {
        if (!store.revoke(projectId, keyId, clock.instant())) {
            throw ApiProblem.notFound("path.id", "Project " + projectId + " has no API key '" + keyId + "'.");
        }
    }
}
