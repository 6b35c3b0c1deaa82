import { decodeImage, probeVideo } from '@poselab/pipeline';
import { blur121, downscale } from '../packages/pipeline/src/calibration/detect/image-ops';
import { chessResponse, findXCorners, ringEdges } from '../packages/pipeline/src/calibration/detect/x-corners';
import { growGrid } from '../packages/pipeline/src/calibration/detect/grid';
import { applyHomography, fitHomography } from '../packages/pipeline/src/calibration/math/linalg';
const f0 = process.argv[2];
const info = await probeVideo(f0);
const img = await decodeImage(f0, info.displayWidth, info.displayHeight, 'gray');
const g = { width: img.width, height: img.height, data: img.data };
const f = 3;
const level = blur121(downscale(g, f));
const resp = chessResponse(level, 4);
const cands = findXCorners(level, resp, 4);
for (let s = 0; s < 30; s++) {
  const grid = growGrid(cands, s, 8, 8);
  if (!grid || grid.length * grid[0].length < 28) continue;
  const m = grid.length, n = grid[0].length;
  console.log('grid', m, n);
  const src: [number, number][] = [], dst: [number, number][] = [];
  const rs: number[] = [];
  for (let i = 0; i < m; i++) for (let j = 0; j < n; j++) { src.push([j, i]); dst.push([cands[grid[i][j]].x, cands[grid[i][j]].y]); rs.push(cands[grid[i][j]].response); }
  rs.sort((a,b)=>a-b); console.log('median resp', rs[rs.length>>1]);
  const H = fitHomography(src, dst);
  for (const [name, pts] of [['top', Array.from({length:n},(_,j)=>[j,-1])], ['bottom', Array.from({length:n},(_,j)=>[j,m])], ['left', Array.from({length:m},(_,i)=>[-1,i])], ['right', Array.from({length:m},(_,i)=>[n,i])]] as const) {
    const out = pts.map(([j,i]) => { const [x,y] = applyHomography(H,j,i); let best=0,bx=0,by=0; for (let yy=Math.round(y)-3;yy<=Math.round(y)+3;yy++) for (let xx=Math.round(x)-3;xx<=Math.round(x)+3;xx++){const v=resp[yy*level.width+xx]; if(v>best){best=v;bx=xx;by=yy;}} return `${best.toFixed(0)}${ringEdges(level,bx,by,4)?'X':''}`; });
    console.log(name, out.join(' '));
  }
  break;
}
