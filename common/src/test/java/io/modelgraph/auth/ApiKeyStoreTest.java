package io.modelgraph.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelgraph.store.TestStores;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;

class ApiKeyStoreTest {
    private final ApiKeyStore store = new ApiKeyStore(TestStores.services().dynamo(),
            TestStores.services().stores().apiKeyTable());

    private static ApiKeyRecord record(String id, String project) {
        return new ApiKeyRecord(id, project, Role.Viewer, "ci", Instant.parse("2026-01-01T00:00:00Z"), "alice",
                Optional.empty(), false, Optional.empty());
    }

    @Test
    void keysAreFoundByHashAndListedPerProject() {
        String project = TestStores.newProjectId();
        String key = ApiKeys.newKey();
        store.create(ApiKeyStore.sha256(key), record("k-1", project));

        ApiKeyRecord found = store.findByHash(ApiKeyStore.sha256(key)).orElseThrow();
        assertEquals(project, found.projectId());
        assertEquals(Role.Viewer, found.role());
        assertEquals(1, store.list(project).size());
        assertTrue(store.list(TestStores.newProjectId()).isEmpty());
        assertTrue(store.findByHash(ApiKeyStore.sha256(ApiKeys.newKey())).isEmpty());
    }

    @Test
    void aSecondKeyWithTheSameHashIsRefusedByTheConditionalWrite() {
        String project = TestStores.newProjectId();
        String hash = ApiKeyStore.sha256(ApiKeys.newKey());
        store.create(hash, record("k-1", project));
        assertThrows(ConditionalCheckFailedException.class, () -> store.create(hash, record("k-2", project)));
        assertEquals("k-1", store.findByHash(hash).orElseThrow().keyId(), "the first write stands");
    }

    @Test
    void revokeMarksOnlyTheNamedKeyOfTheProject() {
        String project = TestStores.newProjectId();
        String hash = ApiKeyStore.sha256(ApiKeys.newKey());
        store.create(hash, record("k-1", project));

        assertFalse(store.revoke(TestStores.newProjectId(), "k-1", Instant.now()), "another project cannot revoke it");
        assertFalse(store.findByHash(hash).orElseThrow().revoked());
        assertTrue(store.revoke(project, "k-1", Instant.now()));
        assertTrue(store.findByHash(hash).orElseThrow().revoked());
    }

    @Test
    void touchRecordsUseAtMostOncePerMinute() {
        String project = TestStores.newProjectId();
        String hash = ApiKeyStore.sha256(ApiKeys.newKey());
        store.create(hash, record("k-1", project));
        Instant t0 = Instant.parse("2026-05-01T10:00:00Z");
        store.touch(hash, t0);
        store.touch(hash, t0.plusSeconds(30));
        assertEquals(t0, store.findByHash(hash).orElseThrow().lastUsedAt().orElseThrow());
        store.touch(hash, t0.plusSeconds(61));
        assertEquals(t0.plusSeconds(61), store.findByHash(hash).orElseThrow().lastUsedAt().orElseThrow());
    }

    @Test
    void keyShapeIsCheckedBeforeAnyLookup() {
        assertTrue(ApiKeys.looksLikeKey(ApiKeys.newKey()));
        assertFalse(ApiKeys.looksLikeKey("mgk_short"));
        assertFalse(ApiKeys.looksLikeKey("Bearer " + ApiKeys.newKey()));
        assertFalse(ApiKeys.looksLikeKey(null));
    }
}
