package dev.perflab.trainer;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class TrainingWorkloadTest {

    @Test
    void everyContractEndpointOnItsSuccessPathAndEveryErrorStatus() {
        List<TrainingRequest> round = TrainingWorkload.round();

        assertThat(round).filteredOn(r -> r.expectedStatus() == 200).extracting(r -> r.path().split("\\?")[0])
                .contains("/hello", "/cpu", "/sort", "/io");
        assertThat(round).extracting(TrainingRequest::expectedStatus).contains(400, 404, 405, 415);
        assertThat(round).filteredOn(r -> r.path().equals("/sort") && r.expectedStatus() == 200)
                .extracting(TrainingRequest::body)
                .anySatisfy(body -> assertThat(body).contains("\"quicksort\"", "\"asc\""))
                .anySatisfy(body -> assertThat(body).contains("\"mergesort\"", "\"desc\""))
                .anySatisfy(body -> assertThat(body).contains("\"heapsort\""));
    }

    @Test
    void theSameFixedSetEveryRound() {
        assertThat(TrainingWorkload.all()).hasSize(TrainingWorkload.ROUNDS * TrainingWorkload.round().size());
        assertThat(TrainingWorkload.all()).isEqualTo(TrainingWorkload.all());
    }

    @Test
    void sortBodiesHoldEveryValueOnce() {
        String body = TrainingWorkload.sortBody("heapsort", "asc", 5);

        assertThat(body).isEqualTo("{\"algorithm\":\"heapsort\",\"order\":\"asc\",\"values\":[0,4,3,2,1]}");
    }
}
