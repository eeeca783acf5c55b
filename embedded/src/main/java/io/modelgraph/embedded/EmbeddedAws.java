package io.modelgraph.embedded;

import com.amazonaws.services.dynamodbv2.local.main.ServerRunner;
import com.amazonaws.services.dynamodbv2.local.server.DynamoDBProxyServer;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.gaul.s3proxy.S3Proxy;
import org.gaul.s3proxy.auth.AuthenticationType;
import org.gaul.s3proxy.blobstore.BlobStore;
import org.gaul.s3proxy.nio2blob.FilesystemNio2BlobStore;
import org.gaul.s3proxy.nio2blob.TransientNio2BlobStore;

/**
 * Amazon's DynamoDB Local and S3Proxy, started in this JVM on free ports: the real stores for local
 * runs and tests, no Docker needed. {@link #shared()} starts one pair per JVM (tests); the local gateway
 * starts its own with a data directory.
 */
public final class EmbeddedAws implements AutoCloseable {
    public static final String ACCESS_KEY = "modelgraph-local";
    public static final String SECRET_KEY = "modelgraph-local-secret";

    private static EmbeddedAws shared;

    private final DynamoDBProxyServer dynamo;
    private final S3Proxy s3;
    private final URI dynamoEndpoint;
    private final URI s3Endpoint;

    private EmbeddedAws(DynamoDBProxyServer dynamo, S3Proxy s3, URI dynamoEndpoint, URI s3Endpoint) {
        this.dynamo = dynamo;
        this.s3 = s3;
        this.dynamoEndpoint = dynamoEndpoint;
        this.s3Endpoint = s3Endpoint;
    }

    /** One in-memory pair per JVM, stopped when the JVM exits. */
    public static synchronized EmbeddedAws shared() {
        if (shared == null) {
            shared = start(Optional.empty());
            EmbeddedAws stopping = shared;
            Runtime.getRuntime().addShutdownHook(new Thread(stopping::close, "embedded-aws-stop"));
        }
        return shared;
    }

    /** Starts both servers; with a data directory they keep their data there, else in memory. */
    public static EmbeddedAws start(Optional<Path> dataDir) {
        try {
            // DynamoDB Local unpacks its sqlite native library there and fails if the directory is missing
            String sqliteDir = System.getProperty("org.sqlite.tmpdir");
            if (sqliteDir != null && !sqliteDir.isBlank()) {
                Files.createDirectories(Path.of(sqliteDir));
            }
            int dynamoPort = freePort();
            List<String> args = new ArrayList<>(List.of("-port", Integer.toString(dynamoPort), "-disableTelemetry",
                    "-sharedDb")); // one database whatever credentials and region a client sends
            BlobStore blobs;
            if (dataDir.isPresent()) {
                Path dynamoDir = Files.createDirectories(dataDir.get().resolve("dynamodb"));
                Path s3Dir = Files.createDirectories(dataDir.get().resolve("s3"));
                args.addAll(List.of("-dbPath", dynamoDir.toString()));
                blobs = new FilesystemNio2BlobStore(s3Dir.toString());
            } else {
                args.add("-inMemory");
                blobs = new TransientNio2BlobStore();
            }
            DynamoDBProxyServer dynamo = ServerRunner.createServerFromCommandLineArgs(args.toArray(String[]::new));
            dynamo.start();

            int s3Port = freePort();
            URI s3Endpoint = URI.create("http://127.0.0.1:" + s3Port);
            S3Proxy s3 = S3Proxy.builder()
                    .blobStore(blobs)
                    .endpoint(s3Endpoint)
                    .awsAuthentication(AuthenticationType.AWS_V2_OR_V4, ACCESS_KEY, SECRET_KEY)
                    .build();
            s3.start();
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (!"STARTED".equals(s3.getState())) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("S3Proxy did not start within 10 s (state " + s3.getState() + ")");
                }
                Thread.sleep(10);
            }
            return new EmbeddedAws(dynamo, s3, URI.create("http://127.0.0.1:" + dynamoPort), s3Endpoint);
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException("Could not start the embedded stores: " + e.getMessage(), e);
        }
    }

    public URI dynamoEndpoint() {
        return dynamoEndpoint;
    }

    public URI s3Endpoint() {
        return s3Endpoint;
    }

    @Override
    public void close() {
        try {
            s3.stop();
        } catch (Exception ignored) {
            // stopping on the way out: nothing left to do with a failure
        }
        try {
            dynamo.stop();
        } catch (Exception ignored) {
            // as above
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            socket.setReuseAddress(true);
            return socket.getLocalPort();
        }
    }
}
