/**
 * A Chart.js chart on a canvas, with its numbers also in a table for screen readers and keyboard
 * users (a canvas has no text). Only the parts of Chart.js the console draws are registered.
 */
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip } from "chart.js"
import { useEffect, useRef } from "preact/hooks"

Chart.register(BarController, BarElement, LineController, LineElement, PointElement, CategoryScale, LinearScale, Tooltip, Legend)

export interface Series {
  readonly label: string
  readonly values: ReadonlyArray<number>
}

export const SeriesChart = (props: {
  readonly type: "bar" | "line"
  readonly title: string
  readonly labels: ReadonlyArray<string>
  readonly series: ReadonlyArray<Series>
}) => {
  const canvas = useRef<HTMLCanvasElement>(null)
  useEffect(() => {
    const chart = new Chart(canvas.current!, {
      type: props.type,
      data: { labels: [...props.labels], datasets: props.series.map((s) => ({ label: s.label, data: [...s.values] })) },
      options: { responsive: true, maintainAspectRatio: false, animation: false, scales: { y: { beginAtZero: true } } }
    })
    return () => chart.destroy()
  }, [props.type, props.labels.join(), JSON.stringify(props.series)])
  return (
    <figure class="chart">
      <div class="chart-box">
        <canvas ref={canvas} role="img" aria-label={`${props.title} (chart; its numbers are in the table below)`} />
      </div>
      <details>
        <summary>{props.title}: the numbers</summary>
        <div class="table-wrap">
          <table>
            <thead><tr><th scope="col">Key</th>{props.series.map((s) => <th scope="col" key={s.label}>{s.label}</th>)}</tr></thead>
            <tbody>
              {props.labels.map((label, i) => (
                <tr key={label}><th scope="row">{label}</th>{props.series.map((s) => <td class="num" key={s.label}>{s.values[i]}</td>)}</tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  )
}
