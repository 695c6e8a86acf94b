package org.nightbench.profiles;

import java.util.List;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** Profiles as JSON: a run's hottest methods, and the diff of two runs' (or sides') profiles. */
@RestController
class ProfileApiController {

  private final ProfileService profiles;

  ProfileApiController(ProfileService profiles) {
    this.profiles = profiles;
  }

  /** A run's profiles with their hottest methods; {@code side} for a comparison's. */
  @GetMapping("/api/profiles")
  List<HotMethods> ofRun(@RequestParam long run, @RequestParam(required = false) String side) {
    ProfileIds.check(run);
    return profiles.hottest(run, ProfileIds.side(side));
  }

  /**
   * What got slower from run {@code before} to run {@code after}: per benchmark profiled in both,
   * the methods whose share changed most. A comparison is one run: give the sides.
   */
  @GetMapping("/api/profiles/diff")
  List<ProfileDiff> diff(
      @RequestParam long before,
      @RequestParam long after,
      @RequestParam(required = false) String beforeSide,
      @RequestParam(required = false) String afterSide) {
    ProfileIds.check(before, after);
    return profiles.diffs(before, ProfileIds.side(beforeSide), after, ProfileIds.side(afterSide));
  }
}
