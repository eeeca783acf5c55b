package io.modelgraph.auth;

import java.time.Instant;
import java.util.Optional;

/** What is stored about an API key; never the key itself, only its SHA-256. */
public record ApiKeyRecord(String keyId, String projectId, Role role, String label, Instant createdAt, String createdBy,
        Optional<Instant> lastUsedAt, boolean revoked, Optional<Instant> revokedAt) {
}
