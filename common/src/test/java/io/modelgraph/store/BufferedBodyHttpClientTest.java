package io.modelgraph.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import io.modelgraph.embedded.EmbeddedAws;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.http.HttpExecuteRequest;
import software.amazon.awssdk.http.HttpExecuteResponse;
import software.amazon.awssdk.http.SdkHttpFullRequest;
import software.amazon.awssdk.http.SdkHttpMethod;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.S3Exception;

/**
 * The DynamoDB HTTP client on the wire: what it sends (a length, never a chunked body; one kept-alive connection
 * for calls in a row), what the SDK gets back (errors included), and signatures a real server checks.
 */
class BufferedBodyHttpClientTest {

    @Test
    void sendsTheBodyWithItsLengthAndKeepsOneConnectionForCallsInARow() throws Exception {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        List<String> seen = Collections.synchronizedList(new ArrayList<>());
        Set<Integer> clientPorts = Collections.synchronizedSet(new HashSet<>());
        server.createContext("/", exchange -> {
            byte[] body = exchange.getRequestBody().readAllBytes();
            clientPorts.add(exchange.getRemoteAddress().getPort());
            seen.add(exchange.getRequestMethod() + " " + exchange.getRequestHeaders().getFirst("Content-Length") + " "
                    + exchange.getRequestHeaders().getFirst("Transfer-Encoding") + " "
                    + exchange.getRequestHeaders().getFirst("X-Amz-Target") + " " + body.length);
            boolean fail = new String(body, StandardCharsets.UTF_8).contains("fail");
            byte[] answer = (fail ? "{\"__type\":\"Boom\"}" : "{\"ok\":true}").getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("x-amzn-RequestId", "r1");
            exchange.sendResponseHeaders(fail ? 500 : 200, answer.length);
            exchange.getResponseBody().write(answer);
            exchange.close();
        });
        server.start();
        try (BufferedBodyHttpClient client = new BufferedBodyHttpClient(Duration.ofSeconds(3), Duration.ofSeconds(5))) {
            URI uri = URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/");
            for (int i = 0; i < 20; i++) {
                HttpExecuteResponse response = client.prepareRequest(post(uri, "{\"n\":" + i + "}")).call();
                assertEquals(200, response.httpResponse().statusCode());
                assertEquals(List.of("r1"), response.httpResponse().matchingHeaders("X-Amzn-RequestId"));
                try (InputStream body = response.responseBody().orElseThrow()) {
                    assertEquals("{\"ok\":true}", new String(body.readAllBytes(), StandardCharsets.UTF_8));
                }
            }
            HttpExecuteResponse failed = client.prepareRequest(post(uri, "{\"fail\":1}")).call();
            assertEquals(500, failed.httpResponse().statusCode());
            try (InputStream body = failed.responseBody().orElseThrow()) {
                assertEquals("{\"__type\":\"Boom\"}", new String(body.readAllBytes(), StandardCharsets.UTF_8));
            }
        } finally {
            server.stop(0);
        }
        assertEquals(21, seen.size());
        assertEquals("POST 7 null DynamoDB_20120810.GetItem 7", seen.get(0)); // {"n":0}
        assertTrue(seen.stream().allMatch(s -> s.contains(" null ")), "never chunked: " + seen);
        assertEquals(1, clientPorts.size(), "calls in a row share one kept-alive connection: " + clientPorts);
    }

    @Test
    void theSdkGetsItemsAndServiceErrorsFromDynamoDbLocal() {
        EmbeddedAws aws = EmbeddedAws.shared();
        DynamoDbClient dynamo = DynamoDbClient.builder().region(Region.US_EAST_1)
                .endpointOverride(aws.dynamoEndpoint())
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create(
                        AwsClients.LOCAL_ACCESS_KEY, AwsClients.LOCAL_SECRET_KEY)))
                .httpClient(AwsClients.dynamoHttp())
                .build();
        String table = "buffered-" + TestStores.newProjectId();
        dynamo.createTable(b -> b.tableName(table)
                .keySchema(k -> k.attributeName("pk").keyType("HASH"))
                .attributeDefinitions(a -> a.attributeName("pk").attributeType("S"))
                .billingMode("PAY_PER_REQUEST"));
        // an item near DynamoDB's 400 KB cap: the whole body goes through the buffer
        String big = "é".repeat(190_000);
        dynamo.putItem(b -> b.tableName(table).item(Map.of("pk", AttributeValue.fromS("k"), "v",
                AttributeValue.fromS(big))));
        assertEquals(big, dynamo.getItem(b -> b.tableName(table).key(Map.of("pk", AttributeValue.fromS("k")))
                .consistentRead(true)).item().get("v").s());
        assertThrows(ConditionalCheckFailedException.class, () -> dynamo.putItem(b -> b.tableName(table)
                .item(Map.of("pk", AttributeValue.fromS("k"))).conditionExpression("attribute_not_exists(pk)")));
        assertThrows(ResourceNotFoundException.class, () -> dynamo.getItem(b -> b.tableName(table + "-missing")
                .key(Map.of("pk", AttributeValue.fromS("k")))));
        dynamo.deleteTable(b -> b.tableName(table));
    }

    @Test
    void signaturesHoldWhereTheServerChecksThem() {
        // S3Proxy verifies SigV4: Host and Content-Length, set by the JDK here, must equal what the SDK signed
        EmbeddedAws aws = EmbeddedAws.shared();
        S3Client s3 = S3Client.builder().region(Region.US_EAST_1).endpointOverride(aws.s3Endpoint())
                .forcePathStyle(true)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create(
                        EmbeddedAws.ACCESS_KEY, EmbeddedAws.SECRET_KEY)))
                .httpClient(AwsClients.dynamoHttp())
                .build();
        String bucket = "buffered-" + TestStores.newProjectId().substring(0, 12);
        s3.createBucket(b -> b.bucket(bucket));
        byte[] content = new byte[300_000];
        new Random(7).nextBytes(content);
        s3.putObject(b -> b.bucket(bucket).key("k").contentType("application/octet-stream"),
                RequestBody.fromBytes(content));
        assertArrayEquals(content, s3.getObjectAsBytes(b -> b.bucket(bucket).key("k")).asByteArray());
        S3Client wrongKey = S3Client.builder().region(Region.US_EAST_1).endpointOverride(aws.s3Endpoint())
                .forcePathStyle(true)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create(
                        EmbeddedAws.ACCESS_KEY, "not-the-secret")))
                .httpClient(AwsClients.dynamoHttp())
                .build();
        // the check is real: a wrong signature is refused through the same client
        S3Exception refused = assertThrows(S3Exception.class, () -> wrongKey.putObject(b -> b.bucket(bucket).key("x"),
                RequestBody.fromString("x")));
        assertEquals(403, refused.statusCode());
    }

    private static HttpExecuteRequest post(URI uri, String json) {
        byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
        SdkHttpFullRequest request = SdkHttpFullRequest.builder().uri(uri).method(SdkHttpMethod.POST)
                .putHeader("Content-Type", "application/x-amz-json-1.0")
                .putHeader("X-Amz-Target", "DynamoDB_20120810.GetItem")
                .putHeader("Content-Length", Integer.toString(bytes.length))
                .build();
        return HttpExecuteRequest.builder().request(request)
                .contentStreamProvider(() -> new ByteArrayInputStream(bytes)).build();
    }
}
