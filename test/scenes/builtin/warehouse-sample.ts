// The vendor's sample controller of "Automated Warehouse", ported scan for scan: the plant's tests
// run it, and so does the emitter test, whose pallets need the crane to clear the load conveyor.
import { Falling, type Io, Rising } from '../../sim/plc.js';

/**
 * The vendor's sample, step by step: wait at the load position for a pallet (`At Load` off), forks
 * left, lift, forks back, go to the next cell (1, 2, ...), forks right, lower, forks back, return
 * to the load position (55). The entry and load conveyors run while `At Load` sees nothing.
 */
export function sampleController() {
  const edge = {
    movXZStopped: new Falling(),
    movZStopped: new Falling(),
    atLeft: new Rising(),
    atMiddle: new Rising(),
    atRight: new Rising(),
  };
  const m = { state: 1, currentPos: 0, target: 55, forksLeft: false, lift: false, forksRight: false };
  const scan = (io: Io) => {
    const movXZStopped = edge.movXZStopped.q(io.in('Moving X') === true || io.in('Moving Z') === true);
    const movZStopped = edge.movZStopped.q(io.in('Moving Z'));
    const atLeft = edge.atLeft.q(io.in('At Left'));
    const atMiddle = edge.atMiddle.q(io.in('At Middle'));
    const atRight = edge.atRight.q(io.in('At Right'));
    switch (m.state) {
      case 0:
        m.target = 55;
        if (movXZStopped) m.state = 1;
        break;
      case 1:
        if (io.in('At Load') === false) m.state = 2;
        break;
      case 2:
        m.forksLeft = true;
        if (atLeft) m.state = 3;
        break;
      case 3:
        m.lift = true;
        if (movZStopped) m.state = 4;
        break;
      case 4:
        m.forksLeft = false;
        if (atMiddle) m.state = 5;
        break;
      case 5:
        m.target = ++m.currentPos;
        m.state = 6;
        break;
      case 6:
        if (movXZStopped) m.state = 7;
        break;
      case 7:
        m.forksRight = true;
        if (atRight) m.state = 8;
        break;
      case 8:
        m.lift = false;
        if (movZStopped) m.state = 9;
        break;
      case 9:
        m.forksRight = false;
        if (atMiddle) m.state = 0;
        break;
    }
    io.set('Target Position', m.target);
    io.set('Forks Left', m.forksLeft);
    io.set('Lift', m.lift);
    io.set('Forks Right', m.forksRight);
    io.set('Entry Conveyor', io.in('At Load'));
    io.set('Load Conveyor', io.in('At Load'));
  };
  return { scan, m };
}
