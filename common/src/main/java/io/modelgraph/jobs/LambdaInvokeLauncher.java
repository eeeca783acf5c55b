package io.modelgraph.jobs;

import io.modelgraph.json.Json;
import io.modelgraph.store.AwsClients;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.http.ContentStreamProvider;
import software.amazon.awssdk.http.HttpExecuteRequest;
import software.amazon.awssdk.http.HttpExecuteResponse;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.SdkHttpMethod;
import software.amazon.awssdk.http.SdkHttpRequest;
import software.amazon.awssdk.http.auth.aws.signer.AwsV4HttpSigner;
import software.amazon.awssdk.http.auth.spi.signer.SignedRequest;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;

/**
 * Starts a job run as an asynchronous invocation of the job function (Lambda Invoke with
 * {@code X-Amz-Invocation-Type: Event}: Lambda queues the event and answers 202 at once). The request is
 * signed with the SDK's own SigV4 signer and sent with the url-connection client every function already
 * ships, instead of adding the SDK's lambda module to the jars (docs/dependencies.md).
 */
public final class LambdaInvokeLauncher implements JobLauncher {
    /** The job function's name or ARN (template.yaml sets it on the route group's function). */
    public static final String ENV_FUNCTION = "JOB_FUNCTION";

    private final URI endpoint;
    private final String region;
    private final String function;
    private final AwsCredentialsProvider credentials;
    private final SdkHttpClient http;

    public LambdaInvokeLauncher(URI endpoint, String region, String function, AwsCredentialsProvider credentials) {
        this.endpoint = endpoint;
        this.region = region;
        this.function = function;
        this.credentials = credentials;
        this.http = UrlConnectionHttpClient.builder().connectionTimeout(Duration.ofSeconds(3))
                .socketTimeout(Duration.ofSeconds(10)).build();
    }

    /** The launcher of this function's jobs, when the environment names a job function. */
    public static Optional<JobLauncher> fromEnvironment(Map<String, String> env) {
        String function = env.getOrDefault(ENV_FUNCTION, "");
        if (function.isBlank()) {
            return Optional.empty();
        }
        String region = env.getOrDefault("AWS_REGION", "us-east-1");
        return Optional.of(new LambdaInvokeLauncher(URI.create("https://lambda." + region + ".amazonaws.com"), region,
                function, AwsClients.credentials(false)));
    }

    @Override
    public void launch(String projectId, String jobId) {
        byte[] payload = Json.write(Map.of("projectId", projectId, "jobId", jobId)).getBytes(StandardCharsets.UTF_8);
        SdkHttpRequest request = SdkHttpRequest.builder().method(SdkHttpMethod.POST).uri(endpoint)
                .encodedPath("/2015-03-31/functions/" + URLEncoder.encode(function, StandardCharsets.UTF_8)
                        + "/invocations")
                .putHeader("X-Amz-Invocation-Type", "Event")
                .putHeader("Content-Type", "application/json")
                .putHeader("Content-Length", Integer.toString(payload.length))
                .build();
        SignedRequest signed = AwsV4HttpSigner.create().sign(r -> r.identity(credentials.resolveCredentials())
                .request(request).payload(ContentStreamProvider.fromByteArray(payload))
                .putProperty(AwsV4HttpSigner.SERVICE_SIGNING_NAME, "lambda")
                .putProperty(AwsV4HttpSigner.REGION_NAME, region));
        try {
            HttpExecuteResponse response = http.prepareRequest(HttpExecuteRequest.builder().request(signed.request())
                    .contentStreamProvider(signed.payload().orElse(null)).build()).call();
            int status = response.httpResponse().statusCode();
            String body = "";
            if (response.responseBody().isPresent()) {
                try (InputStream in = response.responseBody().get()) {
                    body = new String(in.readNBytes(2000), StandardCharsets.UTF_8);
                }
            }
            if (status != 202) {
                throw new IllegalStateException("Lambda did not queue job " + jobId + " on " + function + ": HTTP "
                        + status + " " + body);
            }
        } catch (IOException e) {
            throw new IllegalStateException("Lambda could not be reached to start job " + jobId, e);
        }
    }
}
