package io.modelgraph.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import io.modelgraph.json.Json;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;

/**
 * The job launcher signs Lambda's Invoke call itself (no lambda SDK module in the jars), so this test checks what
 * goes on the wire against the Invoke API and Signature Version 4 as documented, verified here independently of the
 * SDK's signer: path, invocation type, payload, and a signature recomputed from the request as received. What it
 * cannot show is a real Lambda queueing the event (no AWS account in the build; LocalStack's Lambda needs Docker).
 */
class LambdaInvokeLauncherTest {
    private static final String KEY_ID = "AKIDEXAMPLE";
    private static final String SECRET = "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY";
    private static final String FUNCTION = "arn:aws:lambda:eu-west-1:123456789012:function:modelgraph-TransformJob";

    record Received(String method, String rawPath, Map<String, String> headers, byte[] body) {
    }

    private HttpServer lambda;
    private final AtomicReference<Received> received = new AtomicReference<>();
    private volatile int answer = 202;

    @BeforeEach
    void start() throws Exception {
        lambda = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 8);
        lambda.createContext("/", exchange -> {
            Map<String, String> headers = new TreeMap<>();
            exchange.getRequestHeaders().forEach((k, v) -> headers.put(k.toLowerCase(java.util.Locale.ROOT),
                    String.join(",", v)));
            received.set(new Received(exchange.getRequestMethod(), exchange.getRequestURI().getRawPath(), headers,
                    exchange.getRequestBody().readAllBytes()));
            byte[] body = (answer == 202 ? "" : "{\"Type\":\"User\",\"message\":\"Function not found\"}")
                    .getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(answer, body.length == 0 ? -1 : body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        lambda.start();
    }

    @AfterEach
    void stop() {
        lambda.stop(0);
    }

    private LambdaInvokeLauncher launcher() {
        return new LambdaInvokeLauncher(URI.create("http://127.0.0.1:" + lambda.getAddress().getPort()), "eu-west-1",
                FUNCTION, StaticCredentialsProvider.create(AwsBasicCredentials.create(KEY_ID, SECRET)));
    }

    @Test
    void invokesAsynchronouslyWithAValidSignature() throws Exception {
        launcher().launch("project-1", "job-42");
        Received r = received.get();
        assertEquals("POST", r.method());
        // Invoke: POST /2015-03-31/functions/{FunctionName}/invocations, the ARN's colons escaped in the path
        assertEquals("/2015-03-31/functions/" + FUNCTION.replace(":", "%3A") + "/invocations", r.rawPath());
        assertEquals("Event", r.headers().get("x-amz-invocation-type"), "asynchronous: Lambda queues and answers 202");
        JsonNode payload = Json.parse(new String(r.body(), StandardCharsets.UTF_8));
        assertEquals("project-1", payload.path("projectId").asText());
        assertEquals("job-42", payload.path("jobId").asText());
        assertEquals(Integer.toString(r.body().length), r.headers().get("content-length"));

        Matcher auth = Pattern.compile("AWS4-HMAC-SHA256 Credential=([^/]+)/(\\d{8})/([^/]+)/([^/]+)/aws4_request,"
                + " ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})").matcher(r.headers().get("authorization"));
        assertTrue(auth.matches(), r.headers().get("authorization"));
        assertEquals(KEY_ID, auth.group(1));
        assertEquals("eu-west-1", auth.group(3));
        assertEquals("lambda", auth.group(4));
        List<String> signed = List.of(auth.group(5).split(";"));
        assertTrue(signed.containsAll(List.of("host", "x-amz-date", "x-amz-invocation-type", "content-type")),
                "the invocation type must be signed, or a proxy could turn it into a synchronous call: " + signed);
        assertEquals(signature(r, auth.group(2), signed), auth.group(6), "SigV4 signature recomputed from the request");
    }

    @Test
    void aRefusedInvokeIsAnErrorNamingTheJob() {
        answer = 404;
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> launcher().launch("project-1", "job-43"));
        assertTrue(e.getMessage().contains("job-43") && e.getMessage().contains("404"), e.getMessage());
    }

    @Test
    void anUnreachableLambdaIsAnErrorNamingTheJob() {
        LambdaInvokeLauncher launcher = launcher();
        lambda.stop(0);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> launcher.launch("p", "job-44"));
        assertTrue(e.getMessage().contains("job-44"), e.getMessage());
    }

    /** Signature Version 4 as the AWS documentation describes it (double-encoded path for non-S3 services). */
    private static String signature(Received r, String date, List<String> signedHeaders) throws Exception {
        StringBuilder canonicalHeaders = new StringBuilder();
        for (String name : signedHeaders) {
            canonicalHeaders.append(name).append(':').append(r.headers().get(name).trim().replaceAll(" +", " "))
                    .append('\n');
        }
        String canonical = String.join("\n", r.method(), encodeSegments(r.rawPath()), "", canonicalHeaders.toString(),
                String.join(";", signedHeaders), hex(sha256(r.body())));
        String amzDate = r.headers().get("x-amz-date");
        String scope = date + "/eu-west-1/lambda/aws4_request";
        String toSign = String.join("\n", "AWS4-HMAC-SHA256", amzDate, scope,
                hex(sha256(canonical.getBytes(StandardCharsets.UTF_8))));
        byte[] key = hmac(("AWS4" + SECRET).getBytes(StandardCharsets.UTF_8), date);
        for (String part : List.of("eu-west-1", "lambda", "aws4_request")) {
            key = hmac(key, part);
        }
        return hex(hmac(key, toSign));
    }

    private static String encodeSegments(String rawPath) {
        List<String> out = new ArrayList<>();
        for (String segment : rawPath.split("/", -1)) {
            StringBuilder s = new StringBuilder();
            for (byte b : segment.getBytes(StandardCharsets.UTF_8)) {
                char c = (char) (b & 0xff);
                if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || "-_.~".indexOf(c) >= 0) {
                    s.append(c);
                } else {
                    s.append('%').append(String.format("%02X", b & 0xff));
                }
            }
            out.add(s.toString());
        }
        return String.join("/", out);
    }

    private static byte[] sha256(byte[] data) throws Exception {
        return MessageDigest.getInstance("SHA-256").digest(data);
    }

    private static byte[] hmac(byte[] key, String data) throws Exception {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(key, "HmacSHA256"));
        return mac.doFinal(data.getBytes(StandardCharsets.UTF_8));
    }

    private static String hex(byte[] bytes) {
        return HexFormat.of().formatHex(bytes);
    }
}
