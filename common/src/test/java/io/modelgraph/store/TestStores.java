package io.modelgraph.store;

import io.modelgraph.embedded.EmbeddedAws;
import io.modelgraph.platform.Services;
import io.modelgraph.platform.Settings;
import java.util.Map;
import java.util.UUID;

/** The real embedded DynamoDB Local and S3 server, started once per test JVM, tables created. */
public final class TestStores {
    private static Services services;

    public static synchronized Services services() {
        if (services == null) {
            EmbeddedAws aws = EmbeddedAws.shared();
            StoreConfig config = StoreConfig.from(Map.of()).withEndpoints(aws.dynamoEndpoint(), aws.s3Endpoint());
            services = Services.of(config, Settings.from(Map.of()).withPagingSecret("test-secret"));
            Tables.ensure(services.dynamo(), services.s3(), config);
        }
        return services;
    }

    public static String newProjectId() {
        return UUID.randomUUID().toString().replace("-", "");
    }

    private TestStores() {
    }
}
