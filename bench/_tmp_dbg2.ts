import { decodeImage, probeVideo, detectCheckerboard } from '@poselab/pipeline';
const f0 = process.argv[2];
const info = await probeVideo(f0);
const img = await decodeImage(f0, info.displayWidth, info.displayHeight, 'gray');
console.log(detectCheckerboard({ width: img.width, height: img.height, data: img.data }, 4, 7));
