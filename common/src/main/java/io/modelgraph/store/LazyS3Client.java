package io.modelgraph.store;

import java.util.function.Supplier;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * Builds the S3 client on first use. A named class rather than a lambda on purpose: linking a lambda
 * whose type mentions {@link S3Client} loads that class, which functions without the S3 SDK do not have.
 */
public final class LazyS3Client implements Supplier<S3Client> {
    private final StoreConfig config;
    private volatile S3Client client;

    public LazyS3Client(StoreConfig config) {
        this.config = config;
    }

    @Override
    public S3Client get() {
        S3Client c = client;
        if (c == null) {
            synchronized (this) {
                c = client;
                if (c == null) {
                    c = AwsClients.s3(config);
                    client = c;
                }
            }
        }
        return c;
    }
}
