package org.nightbench.annotations;

import java.util.List;
import org.springframework.stereotype.Service;

/** What the charts and the API know about annotations. */
@Service
public class AnnotationService {

  private final AnnotationRepository repository;

  AnnotationService(AnnotationRepository repository) {
    this.repository = repository;
  }

  /** Those of one series' chart: its own, its benchmark group's and the global ones. */
  public List<Annotation> forSeries(long seriesId, String benchmark) {
    return repository.forSeries(seriesId, benchmark);
  }
}
