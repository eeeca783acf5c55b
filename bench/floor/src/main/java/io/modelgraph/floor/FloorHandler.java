package io.modelgraph.floor;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import software.amazon.awssdk.auth.credentials.EnvironmentVariableCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The cold-start floor (bench's ColdStartBench): a handler that builds the DynamoDB client the way the functions do
 * (io.modelgraph.store.AwsClients: url-connection client, environment credentials, same timeouts), makes one GetItem
 * per request and answers a fixed JSON body. Whatever a function takes beyond this is the cost of its own code.
 */
public final class FloorHandler implements RequestHandler<APIGatewayV2HTTPEvent, APIGatewayV2HTTPResponse> {
    private static final DynamoDbClient DYNAMO = client();
    private static final String TABLE = System.getenv().getOrDefault("GRAPH_TABLE", "modelgraph-graph");

    private static DynamoDbClient client() {
        var builder = DynamoDbClient.builder()
                .region(Region.of(System.getenv().getOrDefault("AWS_REGION", "us-east-1")))
                .credentialsProvider(EnvironmentVariableCredentialsProvider.create())
                .httpClient(UrlConnectionHttpClient.builder().connectionTimeout(Duration.ofSeconds(3))
                        .socketTimeout(Duration.ofSeconds(20)).build());
        String endpoint = System.getenv("MODELGRAPH_DYNAMODB_ENDPOINT");
        if (endpoint != null) {
            builder.endpointOverride(URI.create(endpoint));
        }
        return builder.build();
    }

    @Override
    public APIGatewayV2HTTPResponse handleRequest(APIGatewayV2HTTPEvent event, Context context) {
        boolean found = DYNAMO.getItem(b -> b.tableName(TABLE).key(Map.of(
                "pk", AttributeValue.fromS("P#floor"), "sk", AttributeValue.fromS("N#floor")))).hasItem();
        return APIGatewayV2HTTPResponse.builder().withStatusCode(200)
                .withHeaders(Map.of("Content-Type", "application/json; charset=utf-8"))
                .withBody("{\"success\":true,\"data\":{\"found\":" + found + "}}").withIsBase64Encoded(false).build();
    }
}
