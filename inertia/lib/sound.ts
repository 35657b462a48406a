/** A short two-tone chime for real-time notifications, synthesized so no audio file is fetched. */
export function playNotificationSound() {
  try {
    const Ctx = window.AudioContext || (window as any).webkitAudioContext
    if (!Ctx) return
    const ctx = new Ctx()
    const tone = (frequency: number, start: number) => {
      const osc = ctx.createOscillator()
      const gain = ctx.createGain()
      osc.frequency.value = frequency
      gain.gain.setValueAtTime(0.0001, ctx.currentTime + start)
      gain.gain.exponentialRampToValueAtTime(0.15, ctx.currentTime + start + 0.02)
      gain.gain.exponentialRampToValueAtTime(0.0001, ctx.currentTime + start + 0.18)
      osc.connect(gain).connect(ctx.destination)
      osc.start(ctx.currentTime + start)
      osc.stop(ctx.currentTime + start + 0.2)
    }
    tone(880, 0)
    tone(1320, 0.12)
    setTimeout(() => ctx.close(), 600)
  } catch {
    /* sound is a nicety; a blocked audio context is not an error */
  }
}
