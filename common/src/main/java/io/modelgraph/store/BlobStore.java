package io.modelgraph.store;

import java.util.Optional;
import java.util.function.Supplier;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;

/**
 * Objects in S3 (the integrations' dictionary snapshots, the jobs' bodies and answers). Keys always start with the
 * project id, so one project's objects never mix with another's: {@code <projectId>/<name>}.
 */
public final class BlobStore {
    private final Supplier<S3Client> s3;
    private final String bucket;

    public BlobStore(S3Client s3, String bucket) {
        this(() -> s3, bucket);
    }

    /**
     * A store whose client is asked for on its first call ({@link io.modelgraph.platform.Services#s3Lazily()}):
     * a function whose first request touches no object does not build the S3 client at cold start.
     */
    public BlobStore(Supplier<S3Client> s3, String bucket) {
        this.s3 = s3;
        this.bucket = bucket;
    }

    public void put(String projectId, String name, byte[] content, String contentType) {
        s3.get().putObject(b -> b.bucket(bucket).key(key(projectId, name)).contentType(contentType)
                .contentLength((long) content.length), RequestBody.fromBytes(content));
    }

    public Optional<byte[]> get(String projectId, String name) {
        try {
            return Optional.of(s3.get().getObjectAsBytes(b -> b.bucket(bucket).key(key(projectId, name))).asByteArray());
        } catch (NoSuchKeyException e) {
            return Optional.empty();
        }
    }

    public void delete(String projectId, String name) {
        s3.get().deleteObject(b -> b.bucket(bucket).key(key(projectId, name)));
    }

    static String key(String projectId, String name) {
        if (name.contains("..") || name.startsWith("/")) {
            throw new IllegalArgumentException("Blob name must be relative without '..': " + name);
        }
        return projectId + "/" + name;
    }
}
