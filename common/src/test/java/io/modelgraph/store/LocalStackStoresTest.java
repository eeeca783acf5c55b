package io.modelgraph.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.modelgraph.auth.ApiKeyRecord;
import io.modelgraph.auth.ApiKeyStore;
import io.modelgraph.auth.Role;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.testcontainers.containers.localstack.LocalStackContainer;
import org.testcontainers.junit.jupiter.Container;
import org.testcontainers.junit.jupiter.Testcontainers;
import org.testcontainers.utility.DockerImageName;

/** The same stores on LocalStack, where a Docker engine runs; reported as skipped where none does. */
@Testcontainers(disabledWithoutDocker = true)
class LocalStackStoresTest {
    @Container
    static final LocalStackContainer LOCALSTACK = new LocalStackContainer(DockerImageName.parse("localstack/localstack:3.8"))
            .withServices(LocalStackContainer.Service.DYNAMODB, LocalStackContainer.Service.S3);

    @Test
    void storesRoundTripOnLocalStack() {
        StoreConfig config = StoreConfig.from(Map.of(StoreConfig.ENV_REGION, LOCALSTACK.getRegion()))
                .withEndpoints(LOCALSTACK.getEndpoint(), LOCALSTACK.getEndpoint());
        var dynamo = AwsClients.dynamo(config);
        var s3 = AwsClients.s3(config);
        Tables.ensure(dynamo, s3, config);

        String project = TestStores.newProjectId();
        BlobStore blobs = new BlobStore(s3, config.bucket());
        blobs.put(project, "snapshots/a.json", "{}".getBytes(), "application/json");
        assertArrayEquals("{}".getBytes(), blobs.get(project, "snapshots/a.json").orElseThrow());

        ApiKeyStore keys = new ApiKeyStore(dynamo, config.apiKeyTable());
        keys.create("hash-" + project, new ApiKeyRecord("k1", project, Role.Viewer, "ci", Instant.now(), "me",
                Optional.empty(), false, Optional.empty()));
        assertEquals(1, keys.list(project).size());
    }
}
